import type { LabelPack } from './label-pack';

/** The widget's texts in Arabic. */
export default {
  CHAT_PLACEHOLDER: 'اسأل أي شيء واحصل على إجابات مولّدة بالذكاء الاصطناعي…',
  POPUP_TITLE: 'محادثة docqa',
  POPUP_TRIGGER_TITLE: 'اسأل أي شيء واحصل على إجابات',
  COLLAPSE_SHOW: 'عرض المزيد',
  COLLAPSE_HIDE: 'طي',
  DOCUMENTS_IN: 'المستندات في الإجابة',
  DOCUMENTS_OTHER: 'مستندات أخرى',
  DOWN_RATE_DETAILS_PLACEHOLDER: 'ملخص لما يجب أن تذكره الإجابة الصحيحة أو ألا تذكره.',
  DOWN_RATE_BUTTON: 'إرسال',
  NEW_CHAT_BUTTON: 'محادثة جديدة',
  SEARCH_TRIGGER: 'البحث في الوثائق',
  SEARCH_PLACEHOLDER: 'ابحث في الوثائق أو اطرح سؤالًا…',
  SEARCH_ASK: 'اسأل:',
  SEARCH_RESULTS: '{count} نتيجة',
  SEARCH_NO_RESULTS: 'لا توجد صفحة تطابق «{query}». اسأل المساعد بدلًا من ذلك.',
  SEARCH_HINT: 'اكتب للبحث؛ العنصر الأول يسأل المساعد.',
  SEARCH_RECENT: 'عمليات البحث الأخيرة',
  SEARCH_CLEAR_RECENT: 'مسح',
  SEARCH_BACK: 'العودة إلى النتائج',
  SEARCH_CLOSE: 'إغلاق',
  SEARCH_ERROR: 'البحث غير متاح الآن. حاول مرة أخرى بعد قليل.',
  SEARCH_RATE_LIMITED: 'عمليات بحث كثيرة جدًا الآن. انتظر بضع ثوانٍ.',
  SEARCH_OFFLINE: 'أنت غير متصل: البحث يحتاج إلى اتصال.',
  SEARCH_FOLLOW_UP: 'اطرح سؤالًا لاحقًا…',
} satisfies LabelPack;
