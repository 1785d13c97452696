import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ActorsProvider } from './app/actors-context';
import { createShop } from './app/router';
import { system } from './theme/system';

const { router, queryClient, actors } = createShop();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <ActorsProvider actors={actors}>
          <RouterProvider router={router} />
        </ActorsProvider>
      </QueryClientProvider>
    </ChakraProvider>
  </StrictMode>,
);
