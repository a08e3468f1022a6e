import type { LabelPack } from './label-pack';

/** The widget's texts in German. */
export default {
  CHAT_PLACEHOLDER: 'Fragen Sie etwas und erhalten Sie KI-generierte Antworten …',
  POPUP_TITLE: 'docqa Chat',
  POPUP_TRIGGER_TITLE: 'Fragen Sie etwas und erhalten Sie Antworten',
  COLLAPSE_SHOW: 'Mehr anzeigen',
  COLLAPSE_HIDE: 'Einklappen',
  DOCUMENTS_IN: 'Dokumente in der Antwort',
  DOCUMENTS_OTHER: 'Weitere Dokumente',
  DOWN_RATE_DETAILS_PLACEHOLDER:
    'Eine kurze Zusammenfassung dessen, was die richtige Antwort erwähnen sollte und was nicht.',
  DOWN_RATE_BUTTON: 'Senden',
  NEW_CHAT_BUTTON: 'Neuer Chat',
  SEARCH_TRIGGER: 'Dokumentation durchsuchen',
  VERSION_LABEL: 'Version',
  SEARCH_PLACEHOLDER: 'Dokumentation durchsuchen oder eine Frage stellen …',
  SEARCH_ASK: 'Fragen:',
  SEARCH_RESULTS: '{count} Ergebnisse',
  SEARCH_NO_RESULTS: 'Keine Seite passt zu „{query}“. Fragen Sie stattdessen den Assistenten.',
  SEARCH_HINT: 'Tippen Sie, um zu suchen; der erste Eintrag fragt den Assistenten.',
  SEARCH_RECENT: 'Letzte Suchen',
  SEARCH_CLEAR_RECENT: 'Löschen',
  SEARCH_BACK: 'Zurück zu den Ergebnissen',
  SEARCH_CLOSE: 'Schließen',
  SEARCH_ERROR: 'Die Suche ist gerade nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
  SEARCH_RATE_LIMITED: 'Gerade zu viele Suchen. Bitte warten Sie einige Sekunden.',
  SEARCH_OFFLINE: 'Sie sind offline: Die Suche braucht eine Verbindung.',
  SEARCH_FOLLOW_UP: 'Eine Anschlussfrage stellen …',
} satisfies LabelPack;
