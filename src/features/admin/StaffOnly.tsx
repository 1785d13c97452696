import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useAuthState } from '@/lib/actors-context';
import { PageTitle } from '@/components/layout/PageTitle';

/** What a signed-in customer sees on the staff's pages: where their own pages are. */
export function StaffOnly() {
  const { user } = useAuthState();
  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title={`Welcome, ${user?.fullname?.trim() || 'User'}`}>
        This area is for our team. Your account pages are in your menu.
      </PageTitle>
      <Text>
        <Link to="/user/orders">Go to your orders</Link>
      </Text>
    </Box>
  );
}
