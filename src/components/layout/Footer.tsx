import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { visibilityFor } from '../../../machines/roles';
import { useAuthState } from '@/lib/actors-context';
import { site } from '../../lib/site';
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from './icons';

const ICONS = { Facebook: FacebookIcon, Instagram: InstagramIcon, LinkedIn: LinkedInIcon, YouTube: YouTubeIcon };

const unchanging = () => () => undefined;

/** This year. A prerendered page carries the year it was built in, and corrects it once the script has taken over. */
function useYear(): number {
  return useSyncExternalStore(unchanging, () => new Date().getFullYear(), () => __BUILD_YEAR__);
}

const telOf = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

const linkStyle = { color: 'gray.100', textDecoration: 'underline', textUnderlineOffset: '3px', _hover: { color: 'white' } } as const;

/** The shop's links and the consumer grievance officer, for visitors and customers (staff get the menus hidden too). */
function FooterLinks() {
  const officer = site.consumerGrievanceOfficer;
  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }}
      gap={{ base: '8', md: '10' }}
      pb="8"
      mb="6"
      borderBottomWidth="1px"
      borderColor="whiteAlpha.300"
      fontSize="sm"
    >
      <Box as="nav" aria-label="Footer" display="grid" gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }} gap="6">
        {site.footer.map((group) => (
          <div key={group.title}>
            <Text id={`footer-${group.title.toLowerCase()}`} fontWeight="semibold" color="white" mb="2">
              {group.title}
            </Text>
            <Box as="ul" aria-labelledby={`footer-${group.title.toLowerCase()}`} listStyleType="none" display="grid" gap="1.5">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Box asChild {...linkStyle}>
                    <Link to={link.to}>{link.label}</Link>
                  </Box>
                </li>
              ))}
              {group.title === 'Help' ? (
                <li>
                  <Box asChild {...linkStyle}>
                    <a href={telOf(site.phone)}>Call {site.phone}</a>
                  </Box>
                </li>
              ) : null}
            </Box>
          </div>
        ))}
      </Box>
      <Box as="address" fontStyle="normal" data-testid="consumer-grievance-officer">
        <Text fontWeight="semibold" color="white" mb="2">
          Consumer grievance officer
        </Text>
        <Text>
          {officer.name}, {officer.designation}
        </Text>
        <Text color="gray.300">{officer.address}</Text>
        <Text>
          Phone:{' '}
          <Box asChild {...linkStyle}>
            <a href={telOf(officer.phone)}>{officer.phone}</a>
          </Box>
        </Text>
        <Text>
          E-mail:{' '}
          <Box asChild {...linkStyle} overflowWrap="anywhere">
            <a href={`mailto:${officer.email}`}>{officer.email}</a>
          </Box>
        </Text>
      </Box>
    </Box>
  );
}

export function Footer() {
  const year = useYear();
  const { login, role } = useAuthState();
  const showLinks = visibilityFor(login, role).publicMenus;
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt="auto">
      <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="8">
        {showLinks ? <FooterLinks /> : null}
        <Flex
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
    </Box>
  );
}
