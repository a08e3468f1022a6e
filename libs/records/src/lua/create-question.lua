--[[
Creates a question's record and event stream atomically, honouring an idempotency key. Every key
is the question's own (one hash slot); the chat is updated next by add-chat-question.lua.

KEYS[1] question hash   KEYS[2] question event stream   KEYS[3] idempotency record
ARGV[1] question id   ARGV[2] chat id   ARGV[3] tenant   ARGV[4] text
ARGV[5] filters JSON  ARGV[6] metadata JSON  ARGV[7] now (ISO)  ARGV[8] TTL seconds
ARGV[9] request hash for the idempotency key, or '' (no key)
ARGV[10] priority ('interactive' | 'batch')   ARGV[11] channel ('api' | 'widget' | 'batch' | 'mcp' | 'slack' | 'discord')
ARGV[12] the page it was asked from, or ''   ARGV[13] the asker's language tag, or ''
ARGV[14] the docs version it runs in, or ''   ARGV[15] '1' when its answer says that version, or ''

Returns {'created', question id, chat id}, {'replay', question id, chat id} or
        {'conflict'} (key reused with another body).
]]
local ttl = tonumber(ARGV[8])

if ARGV[9] ~= '' then
  local previous = redis.call('GET', KEYS[3])
  if previous then
    local hash, qid, cid = string.match(previous, '^([^|]*)|([^|]*)|([^|]*)$')
    if hash == ARGV[9] then
      return {'replay', qid, cid}
    end
    return {'conflict'}
  end
end

redis.call('HSET', KEYS[1],
  'id', ARGV[1], 'chat_id', ARGV[2], 'tenant', ARGV[3], 'text', ARGV[4],
  'filters', ARGV[5], 'metadata', ARGV[6], 'created_at', ARGV[7], 'updated_at', ARGV[7],
  'response', '', 'status', 'queued', 'sources', '[]', 'error', '', 'version', 1, 'attempt', 0,
  'priority', ARGV[10], 'channel', ARGV[11], 'page_url', ARGV[12] or '', 'locale', ARGV[13] or '',
  'docs_version', ARGV[14] or '', 'version_shown', ARGV[15] or '')
redis.call('EXPIRE', KEYS[1], ttl)

-- Without a key the id was made for this request: it has no stream yet to clear.
if ARGV[9] ~= '' then
  redis.call('DEL', KEYS[2])
end
redis.call('XADD', KEYS[2], '*', 'type', 'question',
  'data', cjson.encode({question_id = ARGV[1], chat_id = ARGV[2]}))
redis.call('XADD', KEYS[2], '*', 'type', 'status', 'data', cjson.encode({status = 'queued'}))
redis.call('EXPIRE', KEYS[2], ttl)

if ARGV[9] ~= '' then
  redis.call('SET', KEYS[3], ARGV[9] .. '|' .. ARGV[1] .. '|' .. ARGV[2], 'EX', ttl)
end
return {'created', ARGV[1], ARGV[2]}
