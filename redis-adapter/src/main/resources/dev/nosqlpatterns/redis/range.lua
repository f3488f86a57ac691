-- Reads a range of one partition (or one index) with the items in it, as one consistent snapshot.
-- KEYS[1]: the sorted set. ARGV: min, max, how many members to list, how many items to read,
-- '1' to go from max down to min, then the item key prefix ('' for an index, whose members end with
-- the item's key after their fourth 0x00 0x01 terminator).
-- Returns the number of members listed, then (member, HGETALL of its item) for the first items.
local members
if ARGV[5] == '1' then
  members = redis.call('ZREVRANGEBYLEX', KEYS[1], ARGV[2], ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
else
  members = redis.call('ZRANGEBYLEX', KEYS[1], ARGV[1], ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))
end
local items = tonumber(ARGV[4])
local prefix = ARGV[6]
local out = {#members}
for i, m in ipairs(members) do
  if i > items then
    break
  end
  local key
  if prefix ~= '' then
    key = prefix .. m
  else
    local at = 1
    for _ = 1, 4 do
      at = string.find(m, '\0\1', at, true) + 2
    end
    key = string.sub(m, at)
  end
  out[#out + 1] = m
  out[#out + 1] = redis.call('HGETALL', key)
end
return out
