--[[
Adds a question to its chat, creating the chat when new, atomically. Every key is the chat's own
(one hash slot). Idempotent: a question already in the chat is not added twice, so a retried
create (same Idempotency-Key) completes a creation that stopped between the two scripts.

KEYS[1] chat hash   KEYS[2] chat's question list
ARGV[1] chat id   ARGV[2] tenant   ARGV[3] now (ISO)   ARGV[4] TTL seconds
ARGV[5] '1' when the chat is new, 'fresh' when it is new with an id made for this request (no
        Idempotency-Key: nothing can hold it yet, so it is written without checks), else '0'
ARGV[6] question id

Returns 'ok', or 'chat_not_found' (an existing chat of another tenant, unknown or expired).
]]
local ttl = tonumber(ARGV[4])
if ARGV[5] == 'fresh' then
  redis.call('HSET', KEYS[1], 'id', ARGV[1], 'tenant', ARGV[2], 'created_at', ARGV[3])
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('RPUSH', KEYS[2], ARGV[6])
  redis.call('EXPIRE', KEYS[2], ttl)
  return 'ok'
end
if ARGV[5] == '1' then
  redis.call('HSETNX', KEYS[1], 'id', ARGV[1])
  redis.call('HSETNX', KEYS[1], 'tenant', ARGV[2])
  redis.call('HSETNX', KEYS[1], 'created_at', ARGV[3])
end
if redis.call('HGET', KEYS[1], 'tenant') ~= ARGV[2] then
  return 'chat_not_found'
end
redis.call('EXPIRE', KEYS[1], ttl)
if not redis.call('LPOS', KEYS[2], ARGV[6]) then
  redis.call('RPUSH', KEYS[2], ARGV[6])
end
redis.call('EXPIRE', KEYS[2], ttl)
return 'ok'
