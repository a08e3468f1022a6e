import { html, nothing } from 'lit';
import type { SettingsController } from './settings-controller';

/**
 * The version picker: a dropdown of the knowledge base's docs versions, shown when it has several
 * (DESIGN §17), labelled `VERSION_LABEL`; questions and searches then ask about the one picked.
 */
export function versionPicker(settings: SettingsController) {
  if (settings.versions.length < 2) return nothing;
  const current = settings.version();
  return html`<label class="version"
    >${settings.value.labels.VERSION_LABEL}
    <select
      data-version-picker
      @change=${(e: Event) => settings.pickVersion((e.target as HTMLSelectElement).value)}
    >
      ${settings.versions.map((v) => html`<option value=${v} ?selected=${v === current}>${v}</option>`)}
    </select></label
  >`;
}
