import type { LabelPack } from './label-pack';

/** The widget's texts in Spanish. */
export default {
  CHAT_PLACEHOLDER: 'Pregunte lo que quiera y obtenga respuestas generadas por IA…',
  POPUP_TITLE: 'docqa Chat',
  POPUP_TRIGGER_TITLE: 'Pregunte lo que quiera y obtenga respuestas',
  COLLAPSE_SHOW: 'Mostrar más',
  COLLAPSE_HIDE: 'Contraer',
  DOCUMENTS_IN: 'Documentos de la respuesta',
  DOCUMENTS_OTHER: 'Otros documentos',
  DOWN_RATE_DETAILS_PLACEHOLDER: 'Un resumen de lo que la respuesta correcta debería o no debería mencionar.',
  DOWN_RATE_BUTTON: 'Enviar',
  NEW_CHAT_BUTTON: 'Nuevo chat',
  SEARCH_TRIGGER: 'Buscar en la documentación',
  SEARCH_PLACEHOLDER: 'Busque en la documentación o haga una pregunta…',
  SEARCH_ASK: 'Preguntar:',
  SEARCH_RESULTS: '{count} resultados',
  SEARCH_NO_RESULTS: 'Ninguna página coincide con «{query}». Pregunte al asistente.',
  SEARCH_HINT: 'Escriba para buscar; la primera entrada pregunta al asistente.',
  SEARCH_RECENT: 'Búsquedas recientes',
  SEARCH_CLEAR_RECENT: 'Borrar',
  SEARCH_BACK: 'Volver a los resultados',
  SEARCH_CLOSE: 'Cerrar',
  SEARCH_ERROR: 'La búsqueda no está disponible ahora. Inténtelo de nuevo en un momento.',
  SEARCH_RATE_LIMITED: 'Demasiadas búsquedas ahora. Espere unos segundos.',
  SEARCH_OFFLINE: 'Está sin conexión: la búsqueda necesita conexión.',
  SEARCH_FOLLOW_UP: 'Haga una pregunta de seguimiento…',
} satisfies LabelPack;
