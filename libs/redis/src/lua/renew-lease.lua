--[[
Extends a lease held by the caller, or takes it again when it lapsed and nobody took it since (a
holder starved of CPU for longer than the lease, on a busy machine, renews late but was never
replaced: the work is still its own).

KEYS[1] lease key
ARGV[1] owner token   ARGV[2] lease time in ms
Returns 1 when the caller holds the lease (now extended), 0 when another holder took it.
]]
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if not owner then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
