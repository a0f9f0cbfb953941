// dynalite as its own process (see startDynamoProcess in dynamodb.ts): reports its port over IPC and
// exits when its parent goes away.
import dynalite from 'dynalite';

const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
