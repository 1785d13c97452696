/** The staff landing page: the work queues, the figures and each staff member's places. */
export const STAFF_HOME = { label: 'Staff home', to: '/admin-home' } as const;

/** The layout routes whose pages make up the staff area: the staff's pages and the admin area. */
export const STAFF_AREA_ROUTES: readonly string[] = ['/_staff', '/admin/_admin'];
