--[[
Re-asks a question that failed because a dependency was down (its problem has status 503: the
queue, Redis or the model was unavailable), so an idempotent retry of the request gets an answer
instead of the old failure. The record goes back to queued with its text, chat and filters kept;
its event stream is replaced by a fresh `question` + `status: queued` start, so a reader from the
beginning does not stop at the old `error` event. Any other record is left as it is.

KEYS[1] question hash   KEYS[2] question event stream
ARGV[1] now (ISO)   ARGV[2] change channel   ARGV[3] TTL seconds

Returns 1 when the question was re-asked, 0 otherwise.
]]
if redis.call('HGET', KEYS[1], 'status') ~= 'failed' then
  return 0
end
local ok, problem = pcall(cjson.decode, redis.call('HGET', KEYS[1], 'error') or '')
if not ok or type(problem) ~= 'table' or problem.status ~= 503 then
  return 0
end
local qid = redis.call('HGET', KEYS[1], 'id')
local cid = redis.call('HGET', KEYS[1], 'chat_id')
redis.call('HSET', KEYS[1], 'status', 'queued', 'response', '', 'sources', '[]', 'error', '',
  'attempt', 0, 'updated_at', ARGV[1])
local version = redis.call('HINCRBY', KEYS[1], 'version', 1)
redis.call('DEL', KEYS[2])
redis.call('XADD', KEYS[2], '*', 'type', 'question',
  'data', cjson.encode({question_id = qid, chat_id = cid}))
redis.call('XADD', KEYS[2], '*', 'type', 'status', 'data', cjson.encode({status = 'queued'}))
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
redis.call('PUBLISH', ARGV[2], version)
return 1
