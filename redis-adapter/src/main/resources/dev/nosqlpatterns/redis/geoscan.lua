-- Reads the candidates of a geo search with their exact coordinates, in one call.
-- KEYS[1]: the geo set (geohash scores); KEYS[2]: exact coordinates of its points; KEYS[3]: the points
-- beyond the latitudes kept in the geo set.
-- ARGV[1]: '1' to add every point of KEYS[3]; then pairs of score bounds, min included, max excluded.
-- Returns member, 'latitude,longitude', member, 'latitude,longitude', ...
local out = {}
for i = 2, #ARGV - 1, 2 do
  local members = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[i], '(' .. ARGV[i + 1])
  for k = 1, #members, 1000 do
    local chunk = {}
    for m = k, math.min(k + 999, #members) do
      chunk[#chunk + 1] = members[m]
    end
    local coordinates = redis.call('HMGET', KEYS[2], unpack(chunk))
    for m = 1, #chunk do
      if coordinates[m] then
        out[#out + 1] = chunk[m]
        out[#out + 1] = coordinates[m]
      end
    end
  end
end
if ARGV[1] == '1' then
  local polar = redis.call('HGETALL', KEYS[3])
  for m = 1, #polar do
    out[#out + 1] = polar[m]
  end
end
return out
