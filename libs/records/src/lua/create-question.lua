--[[
Creates a question (and its chat when new) atomically, honouring an idempotency key.

KEYS[1] question hash        KEYS[2] chat hash          KEYS[3] chat's question list
KEYS[4] question event stream KEYS[5] idempotency key (ignored when ARGV[10] is '')
ARGV[1] question id   ARGV[2] chat id   ARGV[3] tenant   ARGV[4] text
ARGV[5] filters JSON  ARGV[6] metadata JSON  ARGV[7] now (ISO)  ARGV[8] TTL seconds
ARGV[9] '1' when the chat is new   ARGV[10] request hash for the idempotency key, or ''
ARGV[11] priority ('interactive' | 'batch')   ARGV[12] channel ('api' | 'widget' | 'batch' | 'mcp')

Returns {'created', question id, chat id}, {'replay', question id, chat id},
        {'conflict'} (key reused with another body) or {'chat_not_found'}.
]]
local ttl = tonumber(ARGV[8])

if ARGV[10] ~= '' then
  local previous = redis.call('GET', KEYS[5])
  if previous then
    local hash, qid, cid = string.match(previous, '^([^|]*)|([^|]*)|([^|]*)$')
    if hash == ARGV[10] then
      return {'replay', qid, cid}
    end
    return {'conflict'}
  end
end

if ARGV[9] == '1' then
  redis.call('HSET', KEYS[2], 'id', ARGV[2], 'tenant', ARGV[3], 'created_at', ARGV[7])
elseif redis.call('HGET', KEYS[2], 'tenant') ~= ARGV[3] then
  return {'chat_not_found'}
end
redis.call('EXPIRE', KEYS[2], ttl)

redis.call('HSET', KEYS[1],
  'id', ARGV[1], 'chat_id', ARGV[2], 'tenant', ARGV[3], 'text', ARGV[4],
  'filters', ARGV[5], 'metadata', ARGV[6], 'created_at', ARGV[7], 'updated_at', ARGV[7],
  'response', '', 'status', 'queued', 'sources', '[]', 'error', '', 'version', 1, 'attempt', 0,
  'priority', ARGV[11], 'channel', ARGV[12])
redis.call('EXPIRE', KEYS[1], ttl)

redis.call('RPUSH', KEYS[3], ARGV[1])
redis.call('EXPIRE', KEYS[3], ttl)

redis.call('XADD', KEYS[4], '*', 'type', 'question',
  'data', cjson.encode({question_id = ARGV[1], chat_id = ARGV[2]}))
redis.call('XADD', KEYS[4], '*', 'type', 'status', 'data', cjson.encode({status = 'queued'}))
redis.call('EXPIRE', KEYS[4], ttl)

if ARGV[10] ~= '' then
  redis.call('SET', KEYS[5], ARGV[10] .. '|' .. ARGV[1] .. '|' .. ARGV[2], 'EX', ttl)
end
return {'created', ARGV[1], ARGV[2]}
