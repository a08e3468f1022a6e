/** The widget script's global functions (spec §4.7). */
export interface WidgetGlobals {
  mountAssistantWidget(): void;
  assistantPrompt(text: string): void;
  updateAssistantWidgetSettings(settings: Record<string, unknown>): void;
}
