/**
 * The shop's theme: the base config's recipes and styles, cut to what the shop uses; its tokens are in ./tokens.ts.
 * A production build ships this module as the data it evaluates to (scripts/vite/build-time-data.ts).
 */
import { defineConfig } from '@chakra-ui/react/styled-system';
// Each recipe from its own module: the package's theme index would tie every recipe to the first page's chunk.
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { skipNavLinkRecipe } from '@chakra-theme/recipes/skip-nav-link';
import { fieldSlotRecipe } from './recipes/field';
import { globalCss } from '@chakra-theme/global-css';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import { animationStyles } from '@chakra-theme/motion-styles';
import { layerStyles } from '@chakra-theme/layer-styles';
import { textStyles } from '@chakra-theme/text-styles';

import { NAV_BREAKPOINT_PX } from './sizes';

export const shopConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    body: { bg: 'white', color: 'gray.900' },
  },
  theme: {
    breakpoints: { sm: '480px', md: '768px', lg: `${NAV_BREAKPOINT_PX}px`, xl: '1280px', '2xl': '1536px' },
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      skipNavLink: skipNavLinkRecipe,
    },
    slotRecipes: {
      field: fieldSlotRecipe,
    },
  },
});

