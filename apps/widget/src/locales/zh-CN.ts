import type { LabelPack } from './label-pack';

/** The widget's texts in Simplified Chinese. */
export default {
  CHAT_PLACEHOLDER: '随便问，获取 AI 生成的回答…',
  POPUP_TITLE: 'docqa 聊天',
  POPUP_TRIGGER_TITLE: '随便问，获取回答',
  COLLAPSE_SHOW: '显示更多',
  COLLAPSE_HIDE: '收起',
  DOCUMENTS_IN: '回答引用的文档',
  DOCUMENTS_OTHER: '其他文档',
  DOWN_RATE_DETAILS_PLACEHOLDER: '简要说明正确答案应该或不应该提到的内容。',
  DOWN_RATE_BUTTON: '发送',
  NEW_CHAT_BUTTON: '新对话',
  SEARCH_TRIGGER: '搜索文档',
  SEARCH_PLACEHOLDER: '搜索文档或提出问题…',
  SEARCH_ASK: '提问：',
  SEARCH_RESULTS: '{count} 个结果',
  SEARCH_NO_RESULTS: '没有与“{query}”匹配的页面。请改为询问助手。',
  SEARCH_HINT: '输入即可搜索；第一项会询问助手。',
  SEARCH_RECENT: '最近搜索',
  SEARCH_CLEAR_RECENT: '清除',
  SEARCH_BACK: '返回结果',
  SEARCH_CLOSE: '关闭',
  SEARCH_ERROR: '搜索暂时不可用，请稍后再试。',
  SEARCH_RATE_LIMITED: '搜索过于频繁，请稍等几秒。',
  SEARCH_OFFLINE: '您已离线：搜索需要网络连接。',
  SEARCH_FOLLOW_UP: '继续提问…',
} satisfies LabelPack;
