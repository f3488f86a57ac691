-- Lists the next sort keys of several partitions, in order; the scan then reads their items with HGETALL.
-- KEYS: the partitions' sort-key sets. ARGV[1]: how many at most; ARGV[2]: the ZRANGEBYLEX lower bound in the
-- first partition ('-' for its start).
-- Returns, per partition that gave members: its position, then the list of its members; packed with cmsgpack.
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
    out[#out + 1] = p
    out[#out + 1] = members
    want = want - #members
  end
end
return cmsgpack.pack(out)
