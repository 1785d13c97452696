/**
 * The shop's Chakra system: the base config plus only the tokens and recipes the shop uses. The default system
 * ships and compiles every recipe, which costs a cheap phone a noticeable share of its first second.
 * Components that only a few lazily loaded views use (dialog, drawer, toast) bring their recipe with them through
 * the `recipe` prop instead of weighing on every page.
 */
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem } from '@chakra-ui/react/styled-system';
import { shopConfig } from './config';
import { shopTokens } from './tokens';

export { DRAWER_WIDTH_PX, HEADER_HEIGHT_PX, NAV_BREAKPOINT_PX } from './sizes';

let created: ReturnType<typeof createSystem> | undefined;

/**
 * The shop's system, made on first use: making it is the largest single step of the start-up (about 20 ms on a
 * fast machine, four times that on a cheap phone), so src/boot.tsx gives it a task of its own.
 */
export function getSystem(): ReturnType<typeof createSystem> {
  created ??= createSystem(defaultBaseConfig, shopConfig, shopTokens);
  return created;
}
