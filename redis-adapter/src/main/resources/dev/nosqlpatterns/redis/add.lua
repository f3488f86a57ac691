-- Adds integers to number attributes of one item in place, as Updates.apply would, when that is exact:
-- every added attribute absent or an integer of at most 15 digits, every sum too, and every attribute of
-- the item a scalar or set, whose ValueCodec bytes are at least its counted size, so that the sum of names
-- and value bytes bounds the item's size. Otherwise nothing is changed and the caller reads, applies the
-- update itself and writes back with a compare-and-set.
-- KEYS: item hash, partition sort-key set, table partition registry (in a cluster the sort-key set again).
-- ARGV: condition ('' none, A absent, E exists, Q field equals value), condition field, condition value,
-- partition ('' to leave the registry alone), sort key, new version, size budget (the item limit less the
-- key's bytes), number of adds, then (field, integer delta) per add, then optionally a request token's time
-- to live in ms with its marker as KEYS[4]: a call whose marker exists was applied before (its reply was
-- lost), so it returns the item as it is and adds nothing again. The marker is set first and removed when
-- the call adds nothing.
-- Returns {0, field, value, ...} (the item afterwards, flat), {1} when the condition failed, {2} to fall back.
local VERSION = '\255v'
local LIMIT = 2 ^ 53
local hash = KEYS[1]
local tokenKey, tokenTtl = KEYS[4], ARGV[9 + 2 * tonumber(ARGV[8])]

local c = ARGV[1]
if c ~= '' and c ~= 'A' and c ~= 'E' and c ~= 'Q' then
  return {2}
end
if tokenKey and not redis.call('SET', tokenKey, '1', 'NX', 'PX', tokenTtl) then
  local now = redis.call('HGETALL', hash)
  table.insert(now, 1, 0)
  return now
end

-- nothing added: the marker goes, so that the call counts as never applied
local function unchanged(outcome)
  if tokenKey then
    redis.call('DEL', tokenKey)
  end
  return {outcome}
end

if c == 'A' then
  if redis.call('EXISTS', hash) == 1 then return unchanged(1) end
elseif c == 'E' then
  if redis.call('EXISTS', hash) == 0 then return unchanged(1) end
elseif c == 'Q' then
  if redis.call('HGET', hash, ARGV[2]) ~= ARGV[3] then return unchanged(1) end
end

-- the canonical text of an integer, as BigDecimal prints it once trailing zeros are stripped
local function canonical(n)
  if n == 0 then return '0' end
  local text = string.format('%d', n)
  local sign = ''
  if string.sub(text, 1, 1) == '-' then
    sign = '-'
    text = string.sub(text, 2)
  end
  local digits = string.gsub(text, '0+$', '')
  local zeros = #text - #digits
  if zeros == 0 then return sign .. text end
  local mantissa = string.sub(digits, 1, 1)
  if #digits > 1 then mantissa = mantissa .. '.' .. string.sub(digits, 2) end
  return sign .. mantissa .. 'E+' .. (zeros + #digits - 1)
end

local fields = redis.call('HGETALL', hash)
-- where each attribute's value and the version are in fields, which becomes the reply
local at = {}
local versionAt
local size = 0
for i = 1, #fields, 2 do
  local name, value = fields[i], fields[i + 1]
  if string.byte(name, 1) ~= 255 then
    local tag = string.sub(value, 1, 1)
    if tag == 'L' or tag == 'M' then return unchanged(2) end
    at[name] = i + 1
    size = size + #name + #value
  elseif name == VERSION then
    versionAt = i + 1
  end
end
local created = #fields == 0

local updates = {VERSION, ARGV[6]}
local sums = {}
for i = 1, tonumber(ARGV[8]) do
  local name = ARGV[7 + 2 * i]
  local sum = tonumber(ARGV[8 + 2 * i])
  local old = sums[name]
  if not old and at[name] then
    old = fields[at[name]]
  end
  if old then
    if string.sub(old, 1, 1) ~= 'N' then return unchanged(2) end
    local n = tonumber(string.sub(old, 2))
    if n == nil or n ~= math.floor(n) or math.abs(n) >= LIMIT or canonical(n) ~= string.sub(old, 2) then
      return unchanged(2)
    end
    sum = sum + n
    size = size - #name - #old
  end
  if math.abs(sum) >= LIMIT then return unchanged(2) end
  local value = 'N' .. canonical(sum)
  sums[name] = value
  size = size + #name + #value
  updates[#updates + 1] = name
  updates[#updates + 1] = value
end
if size > tonumber(ARGV[7]) then return unchanged(2) end

redis.call('HSET', hash, unpack(updates))
if created then
  redis.call('ZADD', KEYS[2], 0, ARGV[5])
  if ARGV[4] ~= '' then
    redis.call('ZADD', KEYS[3], 0, ARGV[4])
  end
end
-- the item afterwards: what HGETALL would now answer, from what it answered before and what was set
for i = 1, #updates, 2 do
  local name, value = updates[i], updates[i + 1]
  local where = name == VERSION and versionAt or at[name]
  if where then
    fields[where] = value
  else
    fields[#fields + 1] = name
    fields[#fields + 1] = value
    if name == VERSION then versionAt = #fields else at[name] = #fields end
  end
end
table.insert(fields, 1, 0)
return fields
