import type { LabelPack } from './label-pack';

/** The widget's texts in Japanese. */
export default {
  CHAT_PLACEHOLDER: '何でも質問して AI による回答を得られます…',
  POPUP_TITLE: 'docqa チャット',
  POPUP_TRIGGER_TITLE: '何でも質問して回答を得る',
  COLLAPSE_SHOW: 'もっと見る',
  COLLAPSE_HIDE: '折りたたむ',
  DOCUMENTS_IN: '回答で参照したドキュメント',
  DOCUMENTS_OTHER: 'その他のドキュメント',
  DOWN_RATE_DETAILS_PLACEHOLDER: '正しい回答が触れるべきこと・触れるべきでないことの概要。',
  DOWN_RATE_BUTTON: '送信',
  NEW_CHAT_BUTTON: '新しいチャット',
  SEARCH_TRIGGER: 'ドキュメントを検索',
  SEARCH_PLACEHOLDER: 'ドキュメントを検索、または質問を入力…',
  SEARCH_ASK: '質問:',
  SEARCH_RESULTS: '{count} 件の結果',
  SEARCH_NO_RESULTS: '「{query}」に一致するページはありません。アシスタントに質問してください。',
  SEARCH_HINT: '入力すると検索します。最初の項目はアシスタントに質問します。',
  SEARCH_RECENT: '最近の検索',
  SEARCH_CLEAR_RECENT: '消去',
  SEARCH_BACK: '結果に戻る',
  SEARCH_CLOSE: '閉じる',
  SEARCH_ERROR: '現在検索を利用できません。しばらくしてからもう一度お試しください。',
  SEARCH_RATE_LIMITED: '検索が多すぎます。数秒お待ちください。',
  SEARCH_OFFLINE: 'オフラインです。検索には接続が必要です。',
  SEARCH_FOLLOW_UP: '続けて質問する…',
} satisfies LabelPack;
