-- Applies writes to items all or nothing: checks every condition first, then changes each item's hash,
-- its sort key in the partition's sorted set, the table's partition registry and its index entries.
-- KEYS, per write: item hash, partition sort-key set, table partition registry, then one key per index.
-- ARGV[1] is the number of writes; then, per write: op (P put, D delete, C check), condition
-- ('' none, A absent, E exists, Q field equals value, V version equals value, '' value meaning absent),
-- condition field, condition value, partition ('' to leave the registry alone), sort key, new version,
-- index count, (hidden field, new entry or '') per index, field count, (field, value) per attribute
-- (an expiring item's hidden expiry field among them).
-- Optionally, after them, a request token: one more key (its marker) and ARGV, the marker's time to live
-- in ms. A call whose marker exists was applied before (its reply was lost): it returns 0 and changes nothing.
-- Returns 0 when applied, or the 1-based position of the first write whose condition failed.
local VERSION = '\255v'
-- the hidden field holding an expiring item's epoch milliseconds, set on its hash with PEXPIREAT
local EXPIRY = '\255e'
local writes = {}
local k, a = 1, 2
for i = 1, tonumber(ARGV[1]) do
  local w = {hash = KEYS[k], zset = KEYS[k + 1], reg = KEYS[k + 2],
             op = ARGV[a], cond = ARGV[a + 1], cfield = ARGV[a + 2], cvalue = ARGV[a + 3],
             part = ARGV[a + 4], sort = ARGV[a + 5], version = ARGV[a + 6], idx = {}}
  local n = tonumber(ARGV[a + 7])
  k, a = k + 3, a + 8
  for j = 1, n do
    w.idx[j] = {key = KEYS[k], field = ARGV[a], entry = ARGV[a + 1]}
    k, a = k + 1, a + 2
  end
  w.fields = tonumber(ARGV[a])
  w.first = a + 1
  a = a + 1 + 2 * w.fields
  writes[i] = w
end

local tokenKey, tokenTtl = KEYS[k], ARGV[a]
if tokenKey and redis.call('EXISTS', tokenKey) == 1 then
  return 0
end

local function holds(w)
  local c = w.cond
  if c == '' then
    return true
  elseif c == 'A' then
    w.absent = redis.call('EXISTS', w.hash) == 0
    return w.absent
  elseif c == 'E' then
    return redis.call('EXISTS', w.hash) == 1
  elseif c == 'Q' then
    return redis.call('HGET', w.hash, w.cfield) == w.cvalue
  elseif c == 'V' then
    local v = redis.call('HGET', w.hash, VERSION)
    if w.cvalue == '' then
      return v == false
    end
    return v == w.cvalue
  end
  error('unknown condition ' .. c)
end

for i, w in ipairs(writes) do
  if not holds(w) then
    return i
  end
end

-- HSET in slices, so that items with many attributes stay within Lua's stack limit.
local function hset(key, values)
  for s = 1, #values, 200 do
    redis.call('HSET', key, unpack(values, s, math.min(s + 199, #values)))
  end
end

-- The sort-key and registry members of consecutive puts, added with one ZADD per set before any other
-- change: a batch of puts to one partition costs two ZADDs, not two per item.
local adds = {}
local order = {}
local function member(set, m)
  local list = adds[set]
  if not list then
    list = {}
    adds[set] = list
    order[#order + 1] = set
  end
  if not list[m] then
    list[m] = true
    list[#list + 1] = 0
    list[#list + 1] = m
  end
end
local function flush()
  for _, set in ipairs(order) do
    local list = adds[set]
    for s = 1, #list, 200 do
      redis.call('ZADD', set, unpack(list, s, math.min(s + 199, #list)))
    end
  end
  adds = {}
  order = {}
end

for _, w in ipairs(writes) do
  if w.op ~= 'C' then
    if w.op ~= 'P' then
      flush()
    end
    -- an item found absent has no hash and no index entries to remove
    if not w.absent then
      for _, x in ipairs(w.idx) do
        local old = redis.call('HGET', w.hash, x.field)
        if old then
          redis.call('ZREM', x.key, old)
        end
      end
      redis.call('DEL', w.hash)
    end
    if w.op == 'P' then
      local values = {VERSION, w.version}
      for _, x in ipairs(w.idx) do
        if x.entry ~= '' then
          redis.call('ZADD', x.key, 0, x.entry)
          values[#values + 1] = x.field
          values[#values + 1] = x.entry
        end
      end
      for j = w.first, w.first + 2 * w.fields - 1 do
        values[#values + 1] = ARGV[j]
      end
      hset(w.hash, values)
      for j = w.first, w.first + 2 * w.fields - 1, 2 do
        if ARGV[j] == EXPIRY then
          redis.call('PEXPIREAT', w.hash, ARGV[j + 1])
        end
      end
      member(w.zset, w.sort)
      if w.part ~= '' then
        member(w.reg, w.part)
      end
    else
      redis.call('ZREM', w.zset, w.sort)
      if w.part ~= '' and redis.call('EXISTS', w.zset) == 0 then
        redis.call('ZREM', w.reg, w.part)
      end
    end
  end
end
flush()
if tokenKey then
  redis.call('SET', tokenKey, '1', 'PX', tokenTtl)
end
return 0
