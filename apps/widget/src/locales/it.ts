import type { LabelPack } from './label-pack';

/** The widget's texts in Italian. */
export default {
  CHAT_PLACEHOLDER: 'Chiedi qualsiasi cosa e ottieni risposte generate dall’IA…',
  POPUP_TITLE: 'docqa Chat',
  POPUP_TRIGGER_TITLE: 'Chiedi qualsiasi cosa e ottieni risposte',
  COLLAPSE_SHOW: 'Mostra di più',
  COLLAPSE_HIDE: 'Comprimi',
  DOCUMENTS_IN: 'Documenti nella risposta',
  DOCUMENTS_OTHER: 'Altri documenti',
  DOWN_RATE_DETAILS_PLACEHOLDER:
    'Un riepilogo di ciò che la risposta corretta dovrebbe o non dovrebbe menzionare.',
  DOWN_RATE_BUTTON: 'Invia',
  NEW_CHAT_BUTTON: 'Nuova chat',
  SEARCH_TRIGGER: 'Cerca nella documentazione',
  VERSION_LABEL: 'Versione',
  SEARCH_PLACEHOLDER: 'Cerca nella documentazione o fai una domanda…',
  SEARCH_ASK: 'Chiedi:',
  SEARCH_RESULTS: '{count} risultati',
  SEARCH_NO_RESULTS: 'Nessuna pagina corrisponde a “{query}”. Chiedi all’assistente.',
  SEARCH_HINT: 'Digita per cercare; la prima voce chiede all’assistente.',
  SEARCH_RECENT: 'Ricerche recenti',
  SEARCH_CLEAR_RECENT: 'Cancella',
  SEARCH_BACK: 'Torna ai risultati',
  SEARCH_CLOSE: 'Chiudi',
  SEARCH_ERROR: 'La ricerca non è disponibile ora. Riprova tra un momento.',
  SEARCH_RATE_LIMITED: 'Troppe ricerche in questo momento. Attendi qualche secondo.',
  SEARCH_OFFLINE: 'Sei offline: la ricerca richiede una connessione.',
  SEARCH_FOLLOW_UP: 'Fai una domanda di approfondimento…',
} satisfies LabelPack;
