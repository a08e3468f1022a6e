import type { LabelPack } from './label-pack';

/** The widget's texts in Korean. */
export default {
  CHAT_PLACEHOLDER: '무엇이든 물어보고 AI가 생성한 답변을 받으세요…',
  POPUP_TITLE: 'docqa 채팅',
  POPUP_TRIGGER_TITLE: '무엇이든 물어보고 답변을 받으세요',
  COLLAPSE_SHOW: '더 보기',
  COLLAPSE_HIDE: '접기',
  DOCUMENTS_IN: '답변에 사용된 문서',
  DOCUMENTS_OTHER: '기타 문서',
  DOWN_RATE_DETAILS_PLACEHOLDER: '올바른 답변이 언급해야 하거나 하지 말아야 할 내용의 요약입니다.',
  DOWN_RATE_BUTTON: '보내기',
  NEW_CHAT_BUTTON: '새 채팅',
  SEARCH_TRIGGER: '문서 검색',
  SEARCH_PLACEHOLDER: '문서를 검색하거나 질문하세요…',
  SEARCH_ASK: '질문:',
  SEARCH_RESULTS: '결과 {count}개',
  SEARCH_NO_RESULTS: '“{query}”와 일치하는 페이지가 없습니다. 대신 어시스턴트에게 물어보세요.',
  SEARCH_HINT: '입력하면 검색합니다. 첫 항목은 어시스턴트에게 묻습니다.',
  SEARCH_RECENT: '최근 검색',
  SEARCH_CLEAR_RECENT: '지우기',
  SEARCH_BACK: '결과로 돌아가기',
  SEARCH_CLOSE: '닫기',
  SEARCH_ERROR: '지금은 검색을 사용할 수 없습니다. 잠시 후 다시 시도하세요.',
  SEARCH_RATE_LIMITED: '검색이 너무 많습니다. 몇 초 기다려 주세요.',
  SEARCH_OFFLINE: '오프라인 상태입니다. 검색하려면 연결이 필요합니다.',
  SEARCH_FOLLOW_UP: '후속 질문하기…',
} satisfies LabelPack;
