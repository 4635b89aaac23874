import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { SocketSender } from '../core/realtime/ports';
import { socketClient } from '../lib/aws-clients';

export const socketSender: SocketSender = {
  async send(connectionId, message) {
    try {
      await socketClient().send(
        new PostToConnectionCommand({
          ConnectionId: connectionId,
          Data: new TextEncoder().encode(JSON.stringify(message)),
        }),
      );
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') return 'gone';
      throw error;
    }
  },
};
