import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { PageTitle } from '@/components/layout/PageTitle';
import { Bullets, Section } from '@/components/layout/Prose';
import { MEDICAL_NOTE } from '../content/types';
import type { SampleReport, SampleScore } from '../content/sample-reports';

const VERDICT_COLOR: Record<SampleScore['verdict'], string> = {
  'In the usual range': 'green',
  'Above the usual range': 'orange',
  'Below the usual range': 'orange',
  // The theme's palettes only (src/theme/tokens.ts): a caution, as outside the usual range is.
  'Worth watching': 'orange',
};

/** A kit's sample report: what its report holds, for a made-up person, said to be a sample at the top and the bottom. */
export function SampleReportPage({ report }: { report: SampleReport }) {
  const kitPath = `/products/${report.slug}`;
  return (
    <Box as="article" maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }}>
      <PageTitle title={`Sample report: ${report.kit}`}>What a {report.kit} report holds, filled in for a made-up person.</PageTitle>
      <Box role="note" bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="md" p="4" mb="6" data-testid="sample-note">
        <Text fontWeight="bold">This is a sample report.</Text>
        <Text>The person, the results and the advice in it are made up. Your own report is about your sample, and only you see it.</Text>
      </Box>

      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'auto 1fr' }} columnGap="4" rowGap="1" mb="6" color="gray.800">
        <Text as="dt" fontWeight="semibold">
          Report for
        </Text>
        <Text as="dd">{report.person}</Text>
        <Text as="dt" fontWeight="semibold">
          Sample collected
        </Text>
        <Text as="dd">{report.collected}</Text>
        <Text as="dt" fontWeight="semibold">
          Report ready
        </Text>
        <Text as="dd">{report.reported}</Text>
      </Box>

      <Section id="summary" title="In short">
        <Text color="gray.800">{report.summary}</Text>
      </Section>

      <Section id="scores" title="Your scores">
        <Stack gap="3">
          {report.scores.map((score) => (
            <Box key={score.label} borderWidth="1px" borderColor="gray.200" rounded="lg" p="4">
              <Box display="flex" justifyContent="space-between" alignItems="baseline" gap="2" flexWrap="wrap">
                <Heading as="h3" size="sm">
                  {score.label}: {score.value}
                </Heading>
                <Badge colorPalette={VERDICT_COLOR[score.verdict]}>{score.verdict}</Badge>
              </Box>
              <Text fontSize="sm" color="gray.700">
                Usual in healthy Indian adults: {score.usual}
              </Text>
              <Text mt="1" color="gray.800">
                {score.note}
              </Text>
            </Box>
          ))}
        </Stack>
      </Section>

      <Section id="composition" title={report.composition.title}>
        <Box as="ul" listStyleType="none" display="grid" gap="2">
          {report.composition.rows.map((row) => (
            <Box as="li" key={row.label}>
              <Box display="flex" justifyContent="space-between" fontSize="sm">
                <span>{row.label}</span>
                <span>{row.percent}%</span>
              </Box>
              <Box bg="gray.100" rounded="full" h="2" aria-hidden="true">
                <Box bg="brand.500" rounded="full" h="2" w={`${row.percent}%`} />
              </Box>
            </Box>
          ))}
        </Box>
      </Section>

      <Section id="findings" title={report.findings.title}>
        <Table.ScrollArea tabIndex={0} role="region" aria-label={report.findings.title}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Found</Table.ColumnHeader>
                <Table.ColumnHeader>Amount</Table.ColumnHeader>
                <Table.ColumnHeader>What it means</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.findings.rows.map((row) => (
                <Table.Row key={row.name}>
                  <Table.Cell fontStyle="italic">{row.name}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{row.level}</Table.Cell>
                  <Table.Cell>{row.meaning}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Section>

      <Section id="advice" title="What the report suggests">
        <Bullets items={report.advice} />
        <Text fontSize="sm" color="gray.700" mt="4">
          {MEDICAL_NOTE}
        </Text>
      </Section>

      <Box borderTopWidth="1px" borderColor="gray.200" pt="6" display="flex" gap="3" flexWrap="wrap" alignItems="center">
        <Text color="gray.800">A sample, not real results.</Text>
        <Button asChild colorPalette="brand">
          <Link to={kitPath}>Back to {report.kit}</Link>
        </Button>
      </Box>
    </Box>
  );
}
