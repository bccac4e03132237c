/** Alert box types (spec §2); anything else shows as info. */
export const ALERT_TYPES = [
  'primary',
  'secondary',
  'success',
  'danger',
  'warning',
  'info',
  'light',
  'dark',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export function alertType(type: string | undefined): AlertType {
  return (ALERT_TYPES as readonly string[]).includes(type ?? '') ? (type as AlertType) : 'info';
}
