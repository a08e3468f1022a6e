--[[
Writes fields of one of a source's hashes (its page states, its syncs, the batch it is indexing)
only while the source exists. Deleting a source deletes its record first, so a sync still running
after that writes nothing back: the delete wins.

KEYS[1] source record   KEYS[2] the hash to write
ARGV    field, value, field, value, ...
Returns 1 when written, 0 when the source is gone.
]]
if redis.call('EXISTS', KEYS[1]) == 0 then
  return 0
end
redis.call('HSET', KEYS[2], unpack(ARGV))
return 1
