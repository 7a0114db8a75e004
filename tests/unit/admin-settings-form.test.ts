/**
 * The shop settings screen's form (src/pages/admin/_settings.ts): every editable key has one control,
 * an unticked checkbox reads as false, and the PATCH names only what changed (each accepted PATCH
 * rebuilds the live shop), with texts compared as the API stores them.
 */
import { describe, expect, it } from 'vitest';
import { EDITABLE_SETTING_KEYS, type EditableSettings } from '#contracts/admin-settings.ts';
import { formValuesFrom, formValuesOf, patchOf, SETTING_GROUPS } from '#pages/admin/_settings.ts';

const current: EditableSettings = {
  'SITE.NO_MEMBER_USE': false,
  'SITE.SCHOOL_KEY_REQUIRED': false,
  'SITE.BREAKPOINT.SCREEN-SM': 576,
  'SITE.BREAKPOINT.SCREEN-MD': 992,
  'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': true,
  'CART.POPUP_COMPONENT': 'toast',
  'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': false,
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': true,
  PURCHASE_VALUE_WITHOUT_TAX: false,
  'ORDER.DELIVERY_LEAD_TIME': '3営業日以内に発送します。\n土日祝は休みです。',
  'ORDER.RETURN_POLICY': '',
  'ORDER.RETURN_POLICY_FOOD': '',
};

/** The form a browser posts for `values` (ticked checkboxes only, textareas with CRLF). */
function posted(values: Record<string, boolean | string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === true) form.set(key, '1');
    else if (typeof value === 'string') form.set(key, value.replace(/\n/g, '\r\n'));
  }
  return form;
}

describe('settings screen form', () => {
  it('gives every editable key exactly one control, with a unique id', () => {
    const fields = SETTING_GROUPS.flatMap((g) => g.fields);
    expect(fields.map((f) => f.key).sort()).toEqual([...EDITABLE_SETTING_KEYS].sort());
    expect(new Set(fields.map((f) => f.id)).size).toBe(fields.length);
  });

  it('sends nothing when the form comes back as it was shown', () => {
    expect(patchOf(formValuesFrom(posted(formValuesOf(current))), current)).toEqual({});
  });

  it('names only the changed keys: an unticked box is false, a numeric breakpoint a number, a text trimmed', () => {
    const values = {
      ...formValuesOf(current),
      'SITE.NO_MEMBER_USE': true,
      'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false,
      'SITE.BREAKPOINT.SCREEN-SM': ' 600 ',
      'CART.POPUP_COMPONENT': 'dialog',
      'ORDER.RETURN_POLICY': '  到着後7日以内  ',
    };
    expect(patchOf(formValuesFrom(posted(values)), current)).toEqual({
      'SITE.NO_MEMBER_USE': true,
      'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false,
      'SITE.BREAKPOINT.SCREEN-SM': 600,
      'CART.POPUP_COMPONENT': 'dialog',
      'ORDER.RETURN_POLICY': '到着後7日以内',
    });
  });

  it('sends a breakpoint that is no plain number as typed, so the API names the field', () => {
    const values = { ...formValuesOf(current), 'SITE.BREAKPOINT.SCREEN-MD': '1e3', 'SITE.BREAKPOINT.SCREEN-SM': '' };
    expect(patchOf(formValuesFrom(posted(values)), current)).toEqual({
      'SITE.BREAKPOINT.SCREEN-MD': '1e3',
      'SITE.BREAKPOINT.SCREEN-SM': '',
    });
  });
});
