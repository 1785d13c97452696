import { Box } from '@chakra-ui/react/box';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { PageTitle } from '@/components/layout/PageTitle';
import type { SignInAudience } from '../api/session';
import { SignInForm } from './SignInForm';

export function SignInPage({ audience }: { audience: SignInAudience }) {
  const staff = audience === 'staff';
  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title={staff ? 'Staff sign-in' : 'Sign in'}>
        {staff ? 'For our admins, doctors and nutritionists.' : 'Welcome back. Sign in to see your cart, orders and kits.'}
      </PageTitle>
      <SignInForm audience={audience} />
      {staff ? null : (
        <HStack mt="6" justify="space-between" flexWrap="wrap" fontSize="sm">
          <Box asChild color="brand.700" textDecoration="underline">
            <Link to="/forgot-password">Forgot password?</Link>
          </Box>
          <Box asChild color="brand.700" textDecoration="underline">
            <Link to="/verify-otp">Sign in with your phone</Link>
          </Box>
        </HStack>
      )}
      {staff ? null : (
        <Text mt="6" fontSize="sm" color="gray.700">
          New here?{' '}
          <Box asChild color="brand.700" fontWeight="semibold" textDecoration="underline">
            <Link to="/register">Create an account</Link>
          </Box>
        </Text>
      )}
    </Box>
  );
}
