--[[
Releases a lease held by the caller; a lease another holder took after expiry is left alone.

KEYS[1] lease key
ARGV[1] owner token
Returns 1 when released, 0 when the caller did not hold it.
]]
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
