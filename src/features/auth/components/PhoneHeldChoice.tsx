import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import type { AccountProof, PhoneHeld } from '../../../../machines/phone-otp';
import { PageTitle } from '@/components/layout/PageTitle';
import { FormAlert } from '@/components/ui/fields';
import { useShopForm } from '@/components/ui/form';
import { emailSchema, passwordSchema } from '../validation';

interface PhoneHeldChoiceProps {
  held: PhoneHeld;
  error: string | null;
  /** Signing in to the existing account and adding the number to it. */
  linking: boolean;
  /** Making an account of the person's own. */
  creating: boolean;
  onProve: (proof: AccountProof) => void;
  onNotMine: () => void;
  onChangeNumber: () => void;
}

/**
 * /verify-otp when the proven number belongs to an account that already exists: sign in to that account once, its
 * own way, and the number is added to it; or, when it is not theirs, an account of their own (machines/phone-otp.ts).
 */
export function PhoneHeldChoice({ held, error, linking, creating, onProve, onNotMine, onChangeNumber }: PhoneHeldChoiceProps) {
  const busy = linking || creating;
  // An account whose ways in are not known may still have a password; Google is offered only when it has Google.
  const byPassword = held.signInMethods.includes('password') || !held.signInMethods.includes('google.com');
  const byGoogle = held.signInMethods.includes('google.com');
  const form = useShopForm({
    defaultValues: { email: '', password: '' },
    onSubmit: ({ value }) => onProve({ method: 'password', email: value.email.trim(), password: value.password }),
  });

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="This number already has an account">
        {held.phone} is the mobile number of an account that already exists
        {held.accountHint ? ` (${held.accountHint})` : ''}. Sign in to it once, the way you usually do, and the number will be
        added to it: from then on, signing in with your phone opens that same account.
      </PageTitle>
      <Stack gap="4">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {byPassword ? (
          <form.AppForm>
            <form.Form label="Sign in to your account">
              <Stack gap="4">
                <form.AppField name="email" validators={{ onSubmit: emailSchema }}>
                  {(field) => <field.TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" />}
                </form.AppField>
                <form.AppField name="password" validators={{ onSubmit: passwordSchema }}>
                  {(field) => <field.TextField label="Password" type="password" autoComplete="current-password" />}
                </form.AppField>
                <Button type="submit" colorPalette="brand" size="lg" loading={linking} loadingText="Adding your number…" disabled={busy}>
                  Sign in and add my number
                </Button>
                <Text fontSize="sm" color="gray.700">
                  <Box asChild color="brand.700" textDecoration="underline">
                    <Link to="/forgot-password">Forgot your password?</Link>
                  </Box>
                </Text>
              </Stack>
            </form.Form>
          </form.AppForm>
        ) : null}
        {byGoogle ? (
          <Button type="button" variant="outline" size="lg" disabled={busy} loading={linking && !byPassword} onClick={() => onProve({ method: 'google' })}>
            Continue with Google and add my number
          </Button>
        ) : null}
      </Stack>
      <Box as="section" aria-labelledby="not-mine" mt="10" pt="6" borderTopWidth="1px" borderColor="gray.200">
        <Heading as="h2" id="not-mine" size="md" mb="2">
          Not your account?
        </Heading>
        <Text color="gray.700" mb="4">
          If this number used to belong to someone else, or someone gave it by mistake, you can have an account of your own
          for it. The other account keeps what it has.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button type="button" variant="outline" loading={creating} loadingText="Making your account…" disabled={busy} onClick={onNotMine}>
            Make a new account for this number
          </Button>
          <Button type="button" variant="ghost" disabled={busy} onClick={onChangeNumber}>
            Use another number
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
