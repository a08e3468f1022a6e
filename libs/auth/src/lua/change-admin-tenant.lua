--[[
Changes an admin account's role in one tenant, or takes that tenant from it (deleting the account
when it was its last tenant), unless the tenant would be left without an owner. All-tenants admins
have no role per tenant and are not counted: every tenant that has owners keeps one of its own.

KEYS[1] the account (JSON)
KEYS[2] the index: set of every account's email
KEYS[3..] every account (JSON), to count the tenant's owners; an account created meanwhile is
          missed, which can only make the count lower, never let the last owner go
ARGV[1] the account's email (its member of the index)
ARGV[2] tenant
ARGV[3] the new role, or '' to take the tenant from the account
Returns 'changed', 'deleted' (no tenant left, the account is gone), 'missing' (no such account in
this tenant, or an all-tenants admin) or 'last_owner' (refused).
]]
local tenant, role = ARGV[2], ARGV[3]

local function role_in(account)
  if account.all_tenants then return nil end
  for _, t in ipairs(account.tenants) do
    if t == tenant then
      -- Accounts made before roles existed are owners of their tenants.
      return (type(account.roles) == 'table' and account.roles[tenant]) or 'owner'
    end
  end
  return nil
end

local raw = redis.call('GET', KEYS[1])
if not raw then return 'missing' end
local account = cjson.decode(raw)
local current = role_in(account)
if not current then return 'missing' end

if current == 'owner' and role ~= 'owner' then
  local owners = 0
  for i = 3, #KEYS do
    local other = redis.call('GET', KEYS[i])
    if other and role_in(cjson.decode(other)) == 'owner' then owners = owners + 1 end
  end
  if owners <= 1 then return 'last_owner' end
end

if type(account.roles) ~= 'table' then account.roles = {} end
if role == '' then
  local rest = {}
  for _, t in ipairs(account.tenants) do
    if t ~= tenant then table.insert(rest, t) end
  end
  if #rest == 0 then
    redis.call('DEL', KEYS[1])
    redis.call('SREM', KEYS[2], ARGV[1])
    return 'deleted'
  end
  account.tenants = rest
  account.roles[tenant] = nil
else
  account.roles[tenant] = role
end
-- An empty Lua table encodes as {}: keep `roles` an object even when no tenant has one.
local encoded = cjson.encode(account)
redis.call('SET', KEYS[1], encoded)
return 'changed'
