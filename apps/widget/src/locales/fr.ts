import type { LabelPack } from './label-pack';

/** The widget's texts in French. */
export default {
  CHAT_PLACEHOLDER: 'Posez une question et obtenez des réponses générées par l’IA…',
  POPUP_TITLE: 'docqa Chat',
  POPUP_TRIGGER_TITLE: 'Posez une question et obtenez des réponses',
  COLLAPSE_SHOW: 'Afficher plus',
  COLLAPSE_HIDE: 'Réduire',
  DOCUMENTS_IN: 'Documents de la réponse',
  DOCUMENTS_OTHER: 'Autres documents',
  DOWN_RATE_DETAILS_PLACEHOLDER: 'Un résumé de ce que la bonne réponse devrait ou ne devrait pas mentionner.',
  DOWN_RATE_BUTTON: 'Envoyer',
  NEW_CHAT_BUTTON: 'Nouvelle discussion',
  SEARCH_TRIGGER: 'Rechercher dans la documentation',
  SEARCH_PLACEHOLDER: 'Rechercher dans la documentation ou poser une question…',
  SEARCH_ASK: 'Demander :',
  SEARCH_RESULTS: '{count} résultats',
  SEARCH_NO_RESULTS: 'Aucune page ne correspond à « {query} ». Demandez plutôt à l’assistant.',
  SEARCH_HINT: 'Tapez pour rechercher ; la première entrée interroge l’assistant.',
  SEARCH_RECENT: 'Recherches récentes',
  SEARCH_CLEAR_RECENT: 'Effacer',
  SEARCH_BACK: 'Retour aux résultats',
  SEARCH_CLOSE: 'Fermer',
  SEARCH_ERROR: 'La recherche est indisponible pour le moment. Réessayez dans un instant.',
  SEARCH_RATE_LIMITED: 'Trop de recherches en ce moment. Patientez quelques secondes.',
  SEARCH_OFFLINE: 'Vous êtes hors ligne : la recherche a besoin d’une connexion.',
  SEARCH_FOLLOW_UP: 'Poser une question de suivi…',
} satisfies LabelPack;
