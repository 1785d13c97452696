import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useSyncExternalStore } from 'react';
import { site } from '../../lib/site';
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from './icons';

const ICONS = { Facebook: FacebookIcon, Instagram: InstagramIcon, LinkedIn: LinkedInIcon, YouTube: YouTubeIcon };

const unchanging = () => () => undefined;

/** This year. A prerendered page carries the year it was built in, and corrects it once the script has taken over. */
function useYear(): number {
  return useSyncExternalStore(unchanging, () => new Date().getFullYear(), () => __BUILD_YEAR__);
}

export function Footer() {
  const year = useYear();
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt="auto">
      <Flex
        maxW="7xl"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py="8"
        gap="4"
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'flex-start', md: 'center' }}
        justify="space-between"
      >
        <HStack as="ul" gap="3" listStyleType="none" aria-label="Social media">
          {site.social.map(({ label, href }) => {
            const Icon = ICONS[label];
            return (
              <li key={label}>
                <Box
                  asChild
                  display="inline-flex"
                  w="10"
                  h="10"
                  alignItems="center"
                  justifyContent="center"
                  rounded="full"
                  bg="whiteAlpha.200"
                  _hover={{ bg: 'brand.600' }}
                >
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                    <Icon />
                  </a>
                </Box>
              </li>
            );
          })}
        </HStack>
        <Text fontSize="sm" color="gray.300">
          © {year} {site.company}. All rights reserved.
        </Text>
      </Flex>
    </Box>
  );
}
