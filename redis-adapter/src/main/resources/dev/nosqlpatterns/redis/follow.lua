-- Follows links inside one partition: reads the items at the start sort keys, then the items their links
-- name, level by level (see LinkedRead). KEYS[1]: the partition's item key prefix. ARGV: the links
-- attribute, the target prefix, the max depth, how many items and how many bytes of their hashes to read
-- at most (the call stops after the item that reaches either), then pairs of sort key and depth to start
-- from, in order. A link is a string value ('S') or a string element of a list value ('L'
-- with a varint count, each element a varint length and its bytes); it names the sort key of the target
-- prefix and the link as one STRING key segment: bytes up to '!' escaped as '!' and the byte plus 0x3F,
-- then '!!'.
-- Returns one flat array, packed with cmsgpack as range.lua's: per item read its sort key, the number of
-- entries of its hash and those entries; then '' (no sort key is empty) and the pairs of sort key and
-- depth still to read when the budget ran out.
local prefix = KEYS[1]
local attribute = ARGV[1]
local targetPrefix = ARGV[2]
local maxDepth = tonumber(ARGV[3])
local budget = tonumber(ARGV[4])
local byteBudget = tonumber(ARGV[5])

local function escape(c)
  return '!' .. string.char(string.byte(c) + 63)
end

local function target(link)
  if string.find(link, '[%z\1-\33]') then
    link = string.gsub(link, '[%z\1-\33]', escape)
  end
  return targetPrefix .. link .. '!!'
end

-- the varint at byte i of s, and the index after it
local function varint(s, i)
  local n, shift = 0, 1
  while true do
    local b = string.byte(s, i)
    i = i + 1
    if b < 128 then
      return n + b * shift, i
    end
    n = n + (b - 128) * shift
    shift = shift * 128
  end
end

local function links(value)
  local tag = string.sub(value, 1, 1)
  if tag == 'S' then
    return {string.sub(value, 2)}
  end
  local out = {}
  if tag ~= 'L' then
    return out
  end
  local count, i = varint(value, 2)
  for _ = 1, count do
    local length
    length, i = varint(value, i)
    if string.sub(value, i, i) == 'S' then
      out[#out + 1] = string.sub(value, i + 1, i + length - 1)
    end
    i = i + length
  end
  return out
end

local queue, depths, named = {}, {}, {}
for i = 6, #ARGV, 2 do
  queue[#queue + 1] = ARGV[i]
  depths[#depths + 1] = tonumber(ARGV[i + 1])
  named[ARGV[i]] = true
end
local out = {}
local n = 0
local head = 1
local read = 0
local bytes = 0
while head <= #queue and read < budget and bytes < byteBudget do
  local sort = queue[head]
  local depth = depths[head]
  head = head + 1
  local hash = redis.call('HGETALL', prefix .. sort)
  local size = #hash
  if size > 0 then
    read = read + 1
    out[n + 1] = sort
    out[n + 2] = size
    for k = 1, size do
      out[n + 2 + k] = hash[k]
      bytes = bytes + #hash[k]
    end
    n = n + 2 + size
    if depth < maxDepth then
      for k = 1, size, 2 do
        if hash[k] == attribute then
          for _, link in ipairs(links(hash[k + 1])) do
            local t = target(link)
            if not named[t] then
              named[t] = true
              queue[#queue + 1] = t
              depths[#depths + 1] = depth + 1
            end
          end
          break
        end
      end
    end
  end
end
out[n + 1] = ''
n = n + 1
for i = head, #queue do
  out[n + 1] = queue[i]
  out[n + 2] = depths[i]
  n = n + 2
end
return cmsgpack.pack(out)
