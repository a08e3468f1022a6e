--[[
Changes the docs versions of a tenant's documents and keeps the tenant's per-version document
counts with them, in one step; then answers those counts. With no change given, it only answers
them: `GET /versions/` and every question's version read O(versions), not every document's.

KEYS[1] versions (hash document id → version; unversioned documents are not in it)
KEYS[2] counts (hash version → documents of it; a version no document has is not in it)
ARGV    pairs of document id and its version from now on ('' for none: unversioned or deleted)

Counts are missing while versions are not only for a tenant written before counts were kept: they
are counted from the versions first, once (Redis waits meanwhile: 27 ms for 100,000 versioned
documents, 1.8 s for 1,000,000 at load average 10 on 2 cores; tools/bench/version-counts.mjs).
Otherwise both are empty together.

Returns the counts: version, count, version, count…
]]
if redis.call('EXISTS', KEYS[2]) == 0 and redis.call('HLEN', KEYS[1]) > 0 then
  local counts = {}
  for _, version in ipairs(redis.call('HVALS', KEYS[1])) do
    counts[version] = (counts[version] or 0) + 1
  end
  for version, count in pairs(counts) do
    redis.call('HSET', KEYS[2], version, count)
  end
end
for i = 1, #ARGV, 2 do
  local id, version = ARGV[i], ARGV[i + 1]
  local before = redis.call('HGET', KEYS[1], id)
  if before ~= version and not (before == false and version == '') then
    if before then
      if redis.call('HINCRBY', KEYS[2], before, -1) <= 0 then
        redis.call('HDEL', KEYS[2], before)
      end
    end
    if version == '' then
      redis.call('HDEL', KEYS[1], id)
    else
      redis.call('HSET', KEYS[1], id, version)
      redis.call('HINCRBY', KEYS[2], version, 1)
    end
  end
end
return redis.call('HGETALL', KEYS[2])
