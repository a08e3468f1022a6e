import type { LabelPack } from './label-pack';

/** The widget's texts in Portuguese. */
export default {
  CHAT_PLACEHOLDER: 'Pergunte qualquer coisa e receba respostas geradas por IA…',
  POPUP_TITLE: 'docqa Chat',
  POPUP_TRIGGER_TITLE: 'Pergunte qualquer coisa e receba respostas',
  COLLAPSE_SHOW: 'Mostrar mais',
  COLLAPSE_HIDE: 'Recolher',
  DOCUMENTS_IN: 'Documentos da resposta',
  DOCUMENTS_OTHER: 'Outros documentos',
  DOWN_RATE_DETAILS_PLACEHOLDER: 'Um resumo do que a resposta correta deveria ou não mencionar.',
  DOWN_RATE_BUTTON: 'Enviar',
  NEW_CHAT_BUTTON: 'Nova conversa',
  SEARCH_TRIGGER: 'Pesquisar na documentação',
  SEARCH_PLACEHOLDER: 'Pesquise na documentação ou faça uma pergunta…',
  SEARCH_ASK: 'Perguntar:',
  SEARCH_RESULTS: '{count} resultados',
  SEARCH_NO_RESULTS: 'Nenhuma página corresponde a “{query}”. Pergunte ao assistente.',
  SEARCH_HINT: 'Digite para pesquisar; a primeira entrada pergunta ao assistente.',
  SEARCH_RECENT: 'Pesquisas recentes',
  SEARCH_CLEAR_RECENT: 'Limpar',
  SEARCH_BACK: 'Voltar aos resultados',
  SEARCH_CLOSE: 'Fechar',
  SEARCH_ERROR: 'A pesquisa está indisponível agora. Tente novamente em instantes.',
  SEARCH_RATE_LIMITED: 'Pesquisas demais agora. Aguarde alguns segundos.',
  SEARCH_OFFLINE: 'Você está offline: a pesquisa precisa de conexão.',
  SEARCH_FOLLOW_UP: 'Faça uma pergunta de acompanhamento…',
} satisfies LabelPack;
