-- Reads a range of one partition (or one index) with the items in it, as one consistent snapshot.
-- KEYS[1]: the sorted set. ARGV: min, max, how many members to list, how many items to read,
-- '1' to go from max down to min, then the item key prefix ('' for an index, whose members end with
-- the item's key after their fourth 0x00 0x01 terminator).
-- Returns one flat array, packed with cmsgpack: the number of members listed, then per item read its
-- member, the number of entries of its hash (fields and values) and those entries. Flat, because Redis
-- answers a nested array reply block by reply block, several times slower than reading the hashes
-- themselves; packed, because it converts even a flat Lua table to a reply element by element, where
-- cmsgpack packs it in one pass (see MsgPack).
local members
if ARGV[5] == '1' then
  members = redis.call('ZREVRANGEBYLEX', KEYS[1], ARGV[2], ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
else
  members = redis.call('ZRANGEBYLEX', KEYS[1], ARGV[1], ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))
end
local prefix = ARGV[6]
local out = {#members}
local n = 1
for i = 1, math.min(#members, tonumber(ARGV[4])) do
  local m = members[i]
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
  local hash = redis.call('HGETALL', key)
  local size = #hash
  out[n + 1] = m
  out[n + 2] = size
  for k = 1, size do
    out[n + 2 + k] = hash[k]
  end
  n = n + 2 + size
end
return cmsgpack.pack(out)
