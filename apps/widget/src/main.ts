/**
 * The widget script: reads `window.ASSISTANT_WIDGET`, registers `<assistant-widget>`, mounts it
 * into the element whose id is `el` (with `automount`), and exposes the three global functions.
 */
import './assistant-widget';
import type { AssistantWidget } from './assistant-widget';
import { mergeConfig, type WidgetConfig } from './settings';

declare global {
  interface Window {
    ASSISTANT_WIDGET?: Partial<WidgetConfig>;
    mountAssistantWidget: () => void;
    assistantPrompt: (text: string) => void;
    updateAssistantWidgetSettings: (settings: Partial<WidgetConfig>) => void;
  }
}

let mounted: AssistantWidget | null = null;

function mount(): void {
  const config = window.ASSISTANT_WIDGET ?? {};
  const container = document.getElementById(config.el ?? 'assistant');
  if (!container) {
    console.error(`[assistant-widget] no element with id "${config.el ?? 'assistant'}" to mount into`);
    return;
  }
  unmount();
  container.classList.add('assistant_app');
  const widget = document.createElement('assistant-widget');
  widget.config = config;
  container.append(widget);
  mounted = widget;
}

function unmount(): void {
  // The container may change with `el`: the old one must not keep the widget's class (and styles).
  mounted?.parentElement?.classList.remove('assistant_app');
  mounted?.remove();
  mounted = null;
}

window.mountAssistantWidget = mount;
window.assistantPrompt = (text: string) => {
  if (!mounted) mount();
  void mounted?.prompt(text);
};
window.updateAssistantWidgetSettings = (settings: Partial<WidgetConfig>) => {
  unmount();
  window.ASSISTANT_WIDGET = mergeConfig(window.ASSISTANT_WIDGET ?? {}, settings);
  mount();
};

if ((window.ASSISTANT_WIDGET?.automount ?? true) !== false) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
  else mount();
}
