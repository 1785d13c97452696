import { Box } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Link } from '@tanstack/react-router';
import { useAuthState } from '@/lib/actors-context';
import { PageTitle } from '@/components/layout/PageTitle';
import { ADMIN_NAV } from './AdminSidebar';

const AUTHOR_LINKS = [
  { label: 'Write a blog post', to: '/blogs/create' },
  { label: 'Write a recipe', to: '/recipe/create' },
  { label: 'Blogs', to: '/blogs-list' },
  { label: 'Recipes', to: '/recipe-list' },
] as const;

/** The staff landing page after staff sign-in (its route lets only staff in): the places each role works in. */
export function StaffHome() {
  const { user, role } = useAuthState();
  const links = role === 'admin' ? ADMIN_NAV : AUTHOR_LINKS;
  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title={`Welcome, ${user?.fullname?.trim() || 'User'}`}>Pick up where you left off.</PageTitle>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="staff-links">
        {links.map((item) => (
          <Box
            key={item.to}
            asChild
            display="block"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="lg"
            p="4"
            fontWeight="medium"
            _hover={{ borderColor: 'brand.400', bg: 'brand.50' }}
          >
            <Link to={item.to}>{item.label}</Link>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
