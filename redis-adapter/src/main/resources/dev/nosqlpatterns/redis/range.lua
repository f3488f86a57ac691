-- Reads a range of one partition (or one index) with the items in it, as one consistent snapshot.
-- KEYS[1]: the sorted set. ARGV: min, max, how many members to list, how many items to read,
-- '1' to go from max down to min, then the item key prefix ('' for an index, whose members end with
-- the item's key after their fourth 0x00 0x01 terminator).
-- Returns one array, packed with cmsgpack: the number of members listed, then per item read its member and
-- its hash's entries (fields and values) as HGETALL gives them. Packed, because Redis converts a returned Lua
-- table to a reply element by element, block by block for a nested one, where cmsgpack packs in one pass
-- (see MsgPack); nested, because cmsgpack packs each HGETALL reply as it is, in C, where a flat array would
-- have Lua copy every entry.
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
  out[n + 1] = m
  out[n + 2] = redis.call('HGETALL', key)
  n = n + 2
end
return cmsgpack.pack(out)
