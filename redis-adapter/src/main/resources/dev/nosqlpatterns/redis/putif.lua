-- Puts one item on a condition, in a table without indexes: what write.lua does for such a put, without its
-- general protocol (write lists, version conditions, index entries), which costs a conditional put on Redis
-- as much again as the put itself.
-- KEYS: item hash, partition sort-key set, table partition registry (in a cluster the sort-key set again),
-- the request marker.
-- ARGV: condition (A absent, E exists, Q field equals value), condition field, condition value, partition
-- ('' to leave the registry alone), sort key, the marker's time to live in ms, the expiry in epoch ms ('' for
-- none), then the hash's fields and values (version token, attributes, an expiring item's expiry field).
-- The marker is set first and removed when the condition fails: a call whose marker exists was applied
-- before (its reply was lost), so it returns 0 and changes nothing.
-- Returns 0 when applied, 1 when the condition failed.
local hash = KEYS[1]
local c = ARGV[1]
if c ~= 'A' and c ~= 'E' and c ~= 'Q' then
  error('unknown condition ' .. c)
end
if not redis.call('SET', KEYS[4], '1', 'NX', 'PX', ARGV[6]) then
  return 0
end
local holds, absent
if c == 'A' then
  absent = redis.call('EXISTS', hash) == 0
  holds = absent
elseif c == 'E' then
  holds = redis.call('EXISTS', hash) == 1
else
  holds = redis.call('HGET', hash, ARGV[2]) == ARGV[3]
end
if not holds then
  redis.call('DEL', KEYS[4])
  return 1
end
if not absent then
  redis.call('DEL', hash)
end
redis.call('HSET', hash, unpack(ARGV, 8))
if ARGV[7] ~= '' then
  redis.call('PEXPIREAT', hash, ARGV[7])
end
redis.call('ZADD', KEYS[2], 0, ARGV[5])
if ARGV[4] ~= '' then
  redis.call('ZADD', KEYS[3], 0, ARGV[4])
end
return 0
