-- Places or removes one point, changing the geo set (KEYS[1]) and the exact coordinates (KEYS[2]) together.
-- ARGV: the member, then its longitude and latitude to place it (nothing more to remove it).
if #ARGV == 3 then
  redis.call('GEOADD', KEYS[1], ARGV[2], ARGV[3], ARGV[1])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[3] .. ',' .. ARGV[2])
else
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return 0
