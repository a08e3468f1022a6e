/** The MCP server: docqa as tools for coding assistants. */
export { mcpServerFactory, MCP_SERVER_NAME } from './mcp-server';
export { handleMcpRequest } from './handle-mcp-request';
export type { McpCaller, ToolScope } from './mcp-caller';
export type { ToolContext } from './tool-context';
