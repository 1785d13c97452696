import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionEndReason } from '../../../../machines/session-end';
import { PageTitle } from '@/components/layout/PageTitle';
import { CartIntentNotice } from '@/components/ui/CartIntentNotice';
import type { SignInAudience } from '../api/session';
import { looksLikeEmailLink } from '../firebase';
import { EmailLinkCompletion } from './EmailLinkCompletion';
import { EmailLinkForm } from './EmailLinkForm';
import { GoogleButton } from './GoogleButton';
import { SessionEndedNotice } from './SessionEndedNotice';
import { SignInForm } from './SignInForm';

function TextLink({ to, children }: { to: '/forgot-password' | '/verify-otp' | '/register' | '/login' | '/admin/login'; children: string }) {
  return (
    <Box asChild color="brand.700" textDecoration="underline">
      <Link to={to}>{children}</Link>
    </Box>
  );
}

export function OrDivider() {
  return (
    <HStack gap="3" my="5" aria-hidden="true">
      <Box flex="1" h="1px" bg="gray.200" />
      <Text fontSize="sm" color="gray.600">
        or
      </Text>
      <Box flex="1" h="1px" bg="gray.200" />
    </HStack>
  );
}

/** `sessionEnded`: why the person's session ended, when they were sent here because it did. */
export function SignInPage({ audience, sessionEnded }: { audience: SignInAudience; sessionEnded?: SessionEndReason | undefined }) {
  const staff = audience === 'staff';
  const [emailLink] = useState(() => (staff ? null : looksLikeEmailLink(window.location.href) ? window.location.href : null));
  const [linkFormOpen, setLinkFormOpen] = useState(false);
  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title={staff ? 'Staff sign-in' : 'Sign in'}>
        {staff ? 'For our admins, doctors and nutritionists.' : 'Welcome back. Sign in to see your cart, orders and kits.'}
      </PageTitle>
      {sessionEnded ? <SessionEndedNotice reason={sessionEnded} /> : null}
      {staff ? null : <CartIntentNotice />}
      {emailLink ? (
        <Box mb="6">
          <EmailLinkCompletion href={emailLink} />
        </Box>
      ) : null}
      {staff ? null : (
        <>
          <GoogleButton />
          <OrDivider />
        </>
      )}
      <SignInForm audience={audience} />
      {staff ? (
        <Text mt="6" fontSize="sm" color="gray.700">
          Shopping with us? <TextLink to="/login">Sign in as a customer</TextLink>
        </Text>
      ) : (
        <>
          <HStack mt="6" justify="space-between" flexWrap="wrap" fontSize="sm" gap="3">
            <TextLink to="/forgot-password">Forgot password?</TextLink>
            <TextLink to="/verify-otp">Sign in with your phone</TextLink>
          </HStack>
          <Stack mt="6" gap="3">
            {linkFormOpen ? (
              <EmailLinkForm />
            ) : (
              <Box asChild color="brand.700" textDecoration="underline" fontSize="sm" alignSelf="flex-start">
                <button type="button" onClick={() => setLinkFormOpen(true)}>
                  Sign in without a password: e-mail me a link
                </button>
              </Box>
            )}
          </Stack>
          <Text mt="6" fontSize="sm" color="gray.700">
            New here? <TextLink to="/register">Create an account</TextLink>
          </Text>
        </>
      )}
    </Box>
  );
}
