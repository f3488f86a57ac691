-- Reads the next items of several partitions, in order, as one consistent snapshot.
-- KEYS: the partitions' sort-key sets. ARGV[1]: how many items at most; ARGV[2]: the ZRANGEBYLEX
-- lower bound in the first partition ('-' for its start); then one item key prefix per partition.
-- Returns, per partition that gave items: its position, then {sort key, HGETALL, sort key, HGETALL...};
-- packed with cmsgpack, which Redis sends far faster than the nested reply itself (see MsgPack).
local want = tonumber(ARGV[1])
local out = {}
for p = 1, #KEYS do
  if want <= 0 then
    break
  end
  local min = '-'
  if p == 1 then
    min = ARGV[2]
  end
  local members = redis.call('ZRANGEBYLEX', KEYS[p], min, '+', 'LIMIT', 0, want)
  if #members > 0 then
    local items = {}
    for _, m in ipairs(members) do
      items[#items + 1] = m
      items[#items + 1] = redis.call('HGETALL', ARGV[2 + p] .. m)
    end
    out[#out + 1] = p
    out[#out + 1] = items
    want = want - #members
  end
end
return cmsgpack.pack(out)
