--[[
Extends a lease held by the caller.

KEYS[1] lease key
ARGV[1] owner token   ARGV[2] lease time in ms
Returns 1 when the caller still held the lease (now extended), 0 when it had lost it.
]]
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
