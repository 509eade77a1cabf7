// Read by text-sections.test.ts as text, never imported: keys the scan must and must not see.
export const fixture = (role: string, t: (key: string) => string) => [
  t(`roles.${role}`),
  t('login.email'),
  'nothing.here',
  'window.location',
];
