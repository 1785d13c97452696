/** The mobile drawer replaces the menus below this width (SPEC §9). */
export const NAV_BREAKPOINT_PX = 960;
/** Header height (SPEC §9). */
export const HEADER_HEIGHT_PX = 108;
/** Mobile drawer width (SPEC §9). */
export const DRAWER_WIDTH_PX = 220;
