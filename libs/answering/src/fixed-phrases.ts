import { NOT_FOUND_ANSWER } from './answer-types';

/** {@link NOT_FOUND_ANSWER} in the languages the widget speaks (its `locale`). */
const NOT_FOUND: Record<string, string> = {
  de: 'Dazu habe ich in der Dokumentation nichts gefunden. Formulieren Sie die Frage um, oder fragen Sie nach einem Thema, das die Dokumente behandeln.',
  fr: 'Je n’ai pas trouvé cela dans la documentation. Reformulez la question, ou posez-la sur un sujet que les documents traitent.',
  es: 'No encontré esto en la documentación. Reformule la pregunta o pregunte por un tema que traten los documentos.',
  pt: 'Não encontrei isto na documentação. Reformule a pergunta ou pergunte sobre um tema que os documentos tratem.',
  it: 'Non ho trovato questo nella documentazione. Riformula la domanda, o chiedi di un argomento trattato dai documenti.',
  ja: 'ドキュメントにこの内容は見つかりませんでした。質問を言い換えるか、ドキュメントが扱うトピックについて質問してください。',
  'zh-CN': '我在文档中没有找到相关内容。请换个说法，或询问文档涵盖的主题。',
  ko: '문서에서 이 내용을 찾지 못했습니다. 질문을 바꿔 보거나 문서가 다루는 주제에 대해 물어보세요.',
  ar: 'لم أجد هذا في الوثائق. أعد صياغة السؤال، أو اسأل عن موضوع تتناوله المستندات.',
};

/**
 * What an answer says when the documents do not cover the question, in the asker's language
 * (`de`, `pt-BR`, `zh-CN`: the language, else English; Chinese in its simplified script).
 */
export function notFoundAnswer(locale?: string): string {
  const tag = locale?.replace(/_/g, '-').toLowerCase() ?? '';
  const language = tag.split('-')[0]!;
  if (language === 'zh') return /-(hant|tw|hk|mo)\b/.test(tag) ? NOT_FOUND_ANSWER : NOT_FOUND['zh-CN']!;
  return NOT_FOUND[language] ?? NOT_FOUND_ANSWER;
}

/** `text`, the not-found answer put in the asker's language. */
export function inAskersLanguage(text: string, locale?: string): string {
  return text === NOT_FOUND_ANSWER ? notFoundAnswer(locale) : text;
}
