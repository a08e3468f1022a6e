/**
 * The widget script: reads `window.ASSISTANT_WIDGET`, registers `<assistant-widget>`, mounts it
 * into the element whose id is `el` (with `automount`), and exposes the three global functions.
 */
import './assistant-widget';
import type { AssistantWidget } from './assistant-widget';
import type { WidgetConfig } from './settings';

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
  mounted?.remove();
  mounted = null;
}

window.mountAssistantWidget = mount;
window.assistantPrompt = (text: string) => {
  if (!mounted) mount();
  mounted?.prompt(text);
};
window.updateAssistantWidgetSettings = (settings: Partial<WidgetConfig>) => {
  unmount();
  window.ASSISTANT_WIDGET = { ...(window.ASSISTANT_WIDGET ?? {}), ...settings };
  mount();
};

if ((window.ASSISTANT_WIDGET?.automount ?? true) !== false) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
  else mount();
}
