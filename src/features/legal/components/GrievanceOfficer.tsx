/**
 * Whom a person writes to about their personal data (DPDP Act 2023). The officer's details are the server's
 * configuration, not text of the page: until the page is given them, it points to the contact page instead.
 */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import type { components } from '../../../../openapi/schema';
import { HrefLink, ShopLink } from './LegalDocument';

export type GrievanceOfficerDetails = components['schemas']['GrievanceContact'];

export function GrievanceOfficer({ name, email, phone, address, respondWithinDays }: GrievanceOfficerDetails) {
  return (
    <Box as="address" fontStyle="normal" borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '5' }} mb="4">
      <Text fontWeight="semibold" color="gray.900">
        {name}
      </Text>
      <Text>Grievance Officer</Text>
      <Text>
        E-mail: <HrefLink href={`mailto:${email}`}>{email}</HrefLink>
      </Text>
      <Text>
        Phone: <HrefLink href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</HrefLink>
      </Text>
      <Text>Post: {address}</Text>
      <Text mt="2">We answer within {respondWithinDays} days of receiving your message.</Text>
    </Box>
  );
}

export function GrievanceOfficerSection({ officer }: { officer?: GrievanceOfficerDetails }) {
  if (officer) return <GrievanceOfficer {...officer} />;
  return (
    <Text mb="4">
      Write to our Grievance Officer through the <ShopLink to="/contact-us">contact page</ShopLink>.
    </Text>
  );
}
