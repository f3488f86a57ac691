-- Removes up to ARGV[3] items of one partition, and the partition from its table's registry once empty.
-- KEYS[1]: the partition's sort-key set; KEYS[2]: the registry (absent to leave it alone).
-- ARGV[1]: the item key prefix; ARGV[2]: the partition key.
-- Returns how many items are left in the partition.
local members = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[3]) - 1)
for _, m in ipairs(members) do
  redis.call('DEL', ARGV[1] .. m)
end
for s = 1, #members, 200 do
  redis.call('ZREM', KEYS[1], unpack(members, s, math.min(s + 199, #members)))
end
local left = redis.call('ZCARD', KEYS[1])
if left == 0 and KEYS[2] then
  redis.call('ZREM', KEYS[2], ARGV[2])
end
return left
