-- Places, moves or removes one point of a geo set, changing all its keys together.
-- KEYS[1]: the geo set (geohashes); KEYS[2]: exact coordinates of every point; KEYS[3]: the points
-- beyond the latitudes Redis can hash (kept out of the geo set).
-- ARGV: the member; then 'latitude,longitude' to place it; then its longitude and latitude when the
-- geo set can hold it. The member alone removes it.
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
if #ARGV >= 2 then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
end
if #ARGV == 4 then
  redis.call('GEOADD', KEYS[1], ARGV[3], ARGV[4], ARGV[1])
elseif #ARGV == 2 then
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
end
return 0
